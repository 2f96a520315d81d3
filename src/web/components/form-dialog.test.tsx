// @vitest-environment jsdom
import { act, type FormEvent, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../i18n/init";
import { FormDialog, FormDialogForm } from "./form-dialog";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let container: HTMLDivElement;
let root: Root;

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});
beforeEach(() => {
  initI18n("en");
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const dialog = () => document.querySelector<HTMLElement>("[role=dialog]");
const button = (name: string) =>
  [...document.querySelectorAll("button")].find((b) => b.textContent === name) ?? null;

/** A list's "Editar" button opening a FormDialog whose form counts its submits. */
function Screen({ pending, onSubmit }: { pending: boolean; onSubmit: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit
      </button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Edit thing"
        description="Change what it says."
      >
        <FormDialogForm
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            onSubmit();
          }}
          cancelLabel="Cancel"
          submitLabel="Save"
          pendingLabel="Saving..."
          pending={pending}
          actions={
            <button type="button" data-testid="extra">
              Refund
            </button>
          }
        >
          <input aria-label="Name" defaultValue="" />
        </FormDialogForm>
      </FormDialog>
    </>
  );
}

function openFrom(edit: HTMLButtonElement) {
  act(() => {
    edit.focus();
    edit.click();
  });
}

describe("FormDialog", () => {
  it("mounts nothing while closed", () => {
    act(() => root.render(<Screen pending={false} onSubmit={() => {}} />));
    expect(dialog()).toBeNull();
  });

  it("names the dialog by its title and description, and draws the form and its buttons in order", () => {
    act(() => root.render(<Screen pending={false} onSubmit={() => {}} />));
    openFrom(button("Edit") as HTMLButtonElement);
    const shown = dialog();
    const labelled = document.getElementById(shown?.getAttribute("aria-labelledby") ?? "");
    const described = document.getElementById(shown?.getAttribute("aria-describedby") ?? "");
    expect(labelled?.textContent).toBe("Edit thing");
    expect(described?.textContent).toBe("Change what it says.");
    const footerButtons = [...(shown?.querySelectorAll("form button") ?? [])].map(
      (b) => b.textContent,
    );
    expect(footerButtons).toEqual(["Refund", "Cancel", "Save"]);
    expect(shown?.querySelector("form")?.noValidate).toBe(true);
    expect(button("Save")?.getAttribute("type")).toBe("submit");
    expect(button("Cancel")?.getAttribute("type")).toBe("button");
  });

  it("submits the form, and shows the pending label on a disabled button while it saves", () => {
    const onSubmit = vi.fn();
    act(() => root.render(<Screen pending={false} onSubmit={onSubmit} />));
    openFrom(button("Edit") as HTMLButtonElement);
    act(() => button("Save")?.click());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    act(() => root.render(<Screen pending={true} onSubmit={onSubmit} />));
    expect(button("Save")).toBeNull();
    expect((button("Saving...") as HTMLButtonElement).disabled).toBe(true);
  });

  it("closes on Cancel and gives the focus back to the button that opened it", async () => {
    act(() => root.render(<Screen pending={false} onSubmit={() => {}} />));
    const edit = button("Edit") as HTMLButtonElement;
    openFrom(edit);
    expect(dialog()).not.toBeNull();
    act(() => button("Cancel")?.click());
    expect(dialog()).toBeNull();
    // Radix's focus scope hands the focus on in a timeout after it unmounts.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(document.activeElement).toBe(edit);
  });

  it("leaves the header to a step that draws its own when no title is given", () => {
    act(() =>
      root.render(
        <FormDialog open onClose={() => {}}>
          <h2>Own header</h2>
        </FormDialog>,
      ),
    );
    expect(dialog()?.querySelectorAll("h2").length).toBe(1);
    expect(dialog()?.querySelector("h2")?.textContent).toBe("Own header");
  });
});
