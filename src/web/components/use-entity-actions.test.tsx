// @vitest-environment jsdom
import { act, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../i18n/init";
import { ApiRequestError } from "../lib/api-client";
import { resetToastsForTests, type ToastData, useToast } from "../lib/use-toast";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { useEntityActions } from "./use-entity-actions";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

type Thing = { id: string; name: string };
const things: Thing[] = [
  { id: "a", name: "Rent" },
  { id: "b", name: "Food" },
];

let toasts: ToastData[] = [];
function Toasts() {
  toasts = useToast().toasts;
  return null;
}

let latest: ReturnType<typeof useEntityActions<Thing>>;

/** A list whose rows have "Delete"; a deleted row leaves the list, as the refetch would do it. */
function List({
  remove,
  closeOnError,
}: {
  remove: (id: string) => Promise<unknown>;
  closeOnError?: boolean;
}) {
  const [list, setList] = useState(things);
  const [isPending, setPending] = useState(false);
  const actions = useEntityActions<Thing>({
    remove: {
      mutateAsync: async (id) => {
        setPending(true);
        try {
          await remove(id);
          setList((current) => current.filter((thing) => thing.id !== id));
        } finally {
          setPending(false);
        }
      },
      isPending,
    },
    deleted: (thing) => `${thing.name} deleted`,
    deleteError: "Could not delete",
    closeOnError,
    focusAfterDelete: () => document.getElementById("main"),
  });
  latest = actions;
  return (
    <main id="main" tabIndex={-1}>
      <Toasts />
      <ul>
        {list.map((thing) => (
          <li key={thing.id}>
            <button type="button" onClick={() => actions.askDelete(thing)}>
              Delete {thing.name}
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDeleteDialog
        {...actions.confirmDelete}
        title="Delete?"
        message={actions.deleting ? `Delete ${actions.deleting.name}?` : ""}
        cancelLabel="Cancel"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
      />
    </main>
  );
}

let container: HTMLDivElement;
let root: Root;

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});
beforeEach(() => {
  initI18n("en");
  resetToastsForTests();
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const dialog = () => document.querySelector<HTMLElement>("[role=alertdialog]");
const button = (name: string) =>
  [...document.querySelectorAll("button")].find((b) => b.textContent === name) ?? null;
// Radix's focus scope hands the focus on in a timeout after it unmounts.
const focusSettles = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

function askToDelete(name: string) {
  const trigger = button(`Delete ${name}`) as HTMLButtonElement;
  act(() => {
    trigger.focus();
    trigger.click();
  });
  return trigger;
}

describe("useEntityActions", () => {
  it("opens the form empty for a new one and with the entity to edit it, and closes it", () => {
    act(() => root.render(<List remove={async () => {}} />));
    expect(latest.form).toMatchObject({ open: false, entity: null });
    act(() => latest.create());
    expect(latest.form).toMatchObject({ open: true, entity: null });
    act(() => latest.edit(things[1] as Thing));
    expect(latest.form).toMatchObject({ open: true, entity: things[1] });
    act(() => latest.form.onClose());
    expect(latest.form).toMatchObject({ open: false, entity: null });
  });

  it("asks first, keeps the dialog open and disabled until the server answers, then toasts and closes", async () => {
    let answer = () => {};
    const remove = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    act(() => root.render(<List remove={remove} />));
    askToDelete("Food");
    expect(dialog()?.textContent).toContain("Delete Food?");
    act(() => button("Delete")?.click());
    expect(remove).toHaveBeenCalledWith("b");
    expect(dialog()).not.toBeNull();
    expect((button("Deleting...") as HTMLButtonElement).disabled).toBe(true);
    await act(async () => answer());
    expect(dialog()).toBeNull();
    expect(toasts.map((toast) => toast.title)).toEqual(["Food deleted"]);
  });

  it("gives the focus to the fallback when the deleted row took its button with it", async () => {
    act(() => root.render(<List remove={async () => {}} />));
    askToDelete("Rent");
    await act(async () => button("Delete")?.click());
    await focusSettles();
    expect(button("Delete Rent")).toBeNull();
    expect(document.activeElement?.id).toBe("main");
  });

  it("gives the focus back to the row's button when the person cancels", async () => {
    act(() => root.render(<List remove={async () => {}} />));
    const trigger = askToDelete("Rent");
    act(() => button("Cancel")?.click());
    await focusSettles();
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("on a failure shows the API's message and stays open for another try", async () => {
    const refused = new ApiRequestError(409, { message: "It is in use", code: "conflict" });
    act(() => root.render(<List remove={() => Promise.reject(refused)} />));
    askToDelete("Rent");
    await act(async () => button("Delete")?.click());
    expect(dialog()).not.toBeNull();
    expect(toasts).toMatchObject([{ variant: "destructive", description: "It is in use" }]);
  });

  it("closes on a failure when asked to, with the fallback text for a body that was not the API's", async () => {
    act(() =>
      root.render(<List remove={() => Promise.reject(new Error("offline"))} closeOnError />),
    );
    askToDelete("Rent");
    await act(async () => button("Delete")?.click());
    expect(dialog()).toBeNull();
    expect(toasts).toMatchObject([{ variant: "destructive", description: "Could not delete" }]);
  });
});
