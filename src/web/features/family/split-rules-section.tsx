import { Percent } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../../contract/family";
import type { Language } from "../../../contract/languages";
import { type SplitRuleDto, splitRuleInputSchema } from "../../../contract/shares";
import { splitRuleOn } from "../../../domain/shares";
import { useFamilyMembers } from "../../api/family/get-family-members";
import { useDeleteSplitRule } from "../../api/shares/delete-split-rule";
import { useSplitRules } from "../../api/shares/get-split-rules";
import { usePutSplitRule } from "../../api/shares/put-split-rule";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { useLanguage } from "../../i18n/use-language";
import { ApiRequestError } from "../../lib/api-client";
import { formatDate, localeOf, todayIso } from "../../lib/format";
import { memberDisplayName, sortMembers } from "../../lib/member-name";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { Choice } from "./choice";
import { familyTexts } from "./texts";

type Weights = SplitRuleDto["weights"];

/** "62,5%": a weight's part of the whole. */
const percentOf = (weight: number, total: number, language: Language) =>
  new Intl.NumberFormat(localeOf(language), {
    style: "percent",
    maximumFractionDigits: 1,
  }).format(total > 0 ? weight / total : 0);

/**
 * The family's default split (docs/decisions/012-yours-mine-ours.md): how an expense for the
 * family is divided, equally or in proportion (incomes 5000 and 3000: 62,5% and 37,5%), from a date
 * on. Every member reads the rules; the owner sets one from a date or removes one. An expense
 * takes the rule of its date when written, so a change leaves what is recorded as it is. Not shown
 * to a family of one, whose expenses are all its one member's.
 */
export function SplitRulesSection({ family }: { family: Family }) {
  const { t } = useTranslation(familyTexts);
  const language = useLanguage();
  const titleId = useId();
  const members = sortMembers(useFamilyMembers().data ?? []);
  const rules = useSplitRules().data?.rules;
  const remove = useDeleteSplitRule({
    onSuccess: () => toast({ title: t("splitRules.removed") }),
    onError: (error) => toastError(error, t("splitRules.error")),
  });
  if (members.length < 2 || !rules) return null;
  const owner = family.role === "owner";
  const names = new Map(members.map((m) => [m.userId, memberDisplayName(m.user)]));
  const ruleText = (weights: Weights) => {
    if (!weights) return t("splitRules.equal");
    const total = weights.reduce((sum, w) => sum + w.weight, 0);
    // In the members' order (owner first), as every list of them.
    const order = (userId: string) => {
      const at = members.findIndex((m) => m.userId === userId);
      return at < 0 ? members.length : at;
    };
    return t("splitRules.ratioOf", {
      shares: [...weights]
        .sort((a, b) => order(a.userId) - order(b.userId))
        .map(
          (w) =>
            `${names.get(w.userId) ?? t("payer.unnamed")} ${percentOf(w.weight, total, language)}`,
        )
        .join(" · "),
    });
  };
  const today = splitRuleOn(rules, todayIso());
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Percent aria-hidden="true" className="size-5" />
          </span>
          <h2 id={titleId} className="font-semibold text-lg leading-tight">
            {t("splitRules.title")}
          </h2>
        </div>
        <CardDescription>{t("splitRules.intro")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted-foreground">{t("splitRules.today")}</dt>
          <dd className="font-medium" data-testid="split-rule-today">
            {ruleText(today?.weights ?? null)}
          </dd>
        </dl>
        {rules.length > 0 ? (
          <ul className="grid gap-2" aria-label={t("splitRules.list")}>
            {rules.map((rule) => (
              <li
                key={rule.validFrom}
                className="flex items-center justify-between gap-3 rounded-xl border p-3 text-sm"
              >
                <span className="grid gap-0.5">
                  <span className="text-muted-foreground">
                    {t("splitRules.from", { date: formatDate(rule.validFrom, language) })}
                  </span>
                  <span className="font-medium">{ruleText(rule.weights)}</span>
                </span>
                {owner ? (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="min-h-11 sm:min-h-8"
                    disabled={remove.isPending}
                    aria-label={t("splitRules.removeLabel", {
                      date: formatDate(rule.validFrom, language),
                    })}
                    onClick={() => remove.mutate(rule.validFrom)}
                  >
                    {t("splitRules.remove")}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {owner ? (
          <SplitRuleForm
            members={members.map((m) => ({ id: m.userId, name: memberDisplayName(m.user) }))}
            ruleText={ruleText}
          />
        ) : (
          <p className="text-muted-foreground text-sm">{t("splitRules.ownerOnly")}</p>
        )}
      </CardContent>
    </Card>
  );
}

/** The owner's form: equal or a whole-number weight per member, from a date (today by default). */
function SplitRuleForm({
  members,
  ruleText,
}: {
  members: { id: string; name: string }[];
  ruleText: (weights: Weights) => string;
}) {
  const { t } = useTranslation(familyTexts);
  const language = useLanguage();
  const id = useId();
  const [ratio, setRatio] = useState(false);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [validFrom, setValidFrom] = useState(todayIso);
  const [error, setError] = useState<{ path: string; message: string }>();
  const weights = ratio
    ? members
        .filter((m) => (typed[m.id] ?? "").trim() !== "")
        .map((m) => ({ userId: m.id, weight: Number(typed[m.id]) }))
    : null;
  const total = (weights ?? []).reduce((sum, w) => sum + (w.weight || 0), 0);
  const save = usePutSplitRule({
    onSuccess: (_rules, input) =>
      toast({
        title: t("splitRules.saved"),
        description: t("splitRules.savedDescription", {
          date: formatDate(input.validFrom, language),
          rule: ruleText(input.weights),
        }),
      }),
    onError: (failure) => {
      const field = failure instanceof ApiRequestError ? failure.apiError?.errors?.[0] : undefined;
      if (field) setError({ path: field.path, message: field.message });
      else toastError(failure, t("splitRules.error"));
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = splitRuleInputSchema.safeParse({ validFrom, weights });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError({ path: String(issue?.path[0]), message: t(issue?.message ?? "") });
      return;
    }
    setError(undefined);
    save.mutate(parsed.data);
  };
  return (
    <form noValidate className="grid gap-5" onSubmit={onSubmit}>
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm">{t("splitRules.legend")}</legend>
        <Choice
          name={`${id}-mode`}
          checked={!ratio}
          onCheck={() => setRatio(false)}
          label={t("splitRules.equal")}
        />
        <Choice
          name={`${id}-mode`}
          checked={ratio}
          onCheck={() => setRatio(true)}
          label={t("splitRules.ratio")}
          hint={t("splitRules.ratioHint")}
        />
      </fieldset>
      {ratio ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {members.map((member) => {
            const weight = Number(typed[member.id] || 0);
            return (
              <FormField
                key={member.id}
                label={member.name}
                hint={
                  total > 0 && Number.isFinite(weight)
                    ? percentOf(weight, total, language)
                    : undefined
                }
              >
                <Input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  autoComplete="off"
                  value={typed[member.id] ?? ""}
                  onChange={(event) =>
                    setTyped((previous) => ({ ...previous, [member.id]: event.target.value }))
                  }
                />
              </FormField>
            );
          })}
        </div>
      ) : null}
      <FormField
        label={t("splitRules.validFrom")}
        error={error?.path === "validFrom" ? error.message : undefined}
        className="sm:max-w-xs"
      >
        <Input type="date" value={validFrom} onChange={(e) => setValidFrom(e.target.value)} />
      </FormField>
      {error && error.path !== "validFrom" ? (
        <p role="alert" className="font-medium text-destructive text-sm">
          {error.message}
        </p>
      ) : null}
      <Button type="submit" disabled={save.isPending} className="w-full sm:w-fit">
        {save.isPending ? t("splitRules.saving") : t("splitRules.save")}
      </Button>
    </form>
  );
}
