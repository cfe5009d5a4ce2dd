import { useId, useState } from "react";
import type { PayMethodKind } from "../../../common/pay-methods";
import { newPayMethodDraft, payMethodFields, payMethodName, type PayMethodDraft, payMethodProblems } from "./pay-method-fields";
import { useSellerExamples } from "./seller-examples";
import { t } from "./texts";

const INPUT =
  "mt-1 w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600 aria-invalid:border-red-500";
const CHECK = "size-5 accent-brand-700";

/** Why the ways to pay cannot be saved yet (each reason is shown at its field): null when every draft passes its schema. */
export function payMethodsProblem(drafts: readonly PayMethodDraft[]): string | null {
  return drafts.some((d) => Object.keys(payMethodProblems(d)).length > 0) ? t("payMethodsProblem") : null;
}

/**
 * The ways to pay of the store's country (cash, Mercado Pago where it operates, and the country's own:
 * Pix, CLABE, Yape…), each ticked on to fill in its details. Each field's reason shows once, under it: once
 * the seller leaves the field, or after a try to save.
 */
export function PayMethodsFields({
  offered,
  value,
  onChange,
  tried,
}: {
  offered: readonly PayMethodKind[];
  value: PayMethodDraft[];
  onChange: (next: PayMethodDraft[]) => void;
  tried: boolean;
}) {
  const id = useId();
  const { bank } = useSellerExamples();
  const [left, setLeft] = useState<Set<string>>(new Set());
  // The cart lists them in the country's order.
  const toggle = (kind: PayMethodKind, on: boolean) =>
    onChange(
      offered.flatMap((k) => {
        if (k === kind) return on ? [newPayMethodDraft(k)] : [];
        const kept = value.find((d) => d.kind === k);
        return kept ? [kept] : [];
      }),
    );
  const setField = (kind: PayMethodKind, fields: Record<string, string>) =>
    onChange(value.map((d) => (d.kind === kind ? ({ ...d, ...fields } as PayMethodDraft) : d)));

  return (
    <fieldset className="min-w-0 space-y-4">
      <legend className="text-base font-semibold">{t("howYouArePaid")}</legend>
      {offered.map((kind) => {
        const draft = value.find((d) => d.kind === kind);
        const problems = draft ? payMethodProblems(draft) : {};
        return (
          <div key={kind}>
            <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
              <input type="checkbox" className={CHECK} checked={!!draft} onChange={(e) => toggle(kind, e.target.checked)} />
              {kind === "mercadopago" ? t("mercadoPagoLink", { name: payMethodName(kind) }) : payMethodName(kind)}
            </label>
            {draft && payMethodFields(kind, bank).length > 0 && (
              <div className="mt-2 grid gap-3 pl-7 sm:grid-cols-2">
                {payMethodFields(kind, bank).map((field) => {
                  const fieldId = `${id}-${kind}-${field.name}`;
                  const problem = tried || left.has(fieldId) ? problems[field.name] : undefined;
                  const common = {
                    id: fieldId,
                    value: draft[field.name] ?? "",
                    "aria-invalid": problem ? true : undefined,
                    "aria-describedby": problem ? `${fieldId}-problem` : undefined,
                    onBlur: () => setLeft((all) => new Set(all).add(fieldId)),
                    className: INPUT,
                  };
                  return (
                    <div key={field.name} className={field.name === "holder" ? "sm:col-span-2" : undefined}>
                      <label htmlFor={fieldId} className="text-sm text-slate-700">
                        {field.label}
                      </label>
                      {field.options ? (
                        <select
                          {...common}
                          onChange={(e) =>
                            setField(kind, { [field.name]: e.target.value, ...(field.alsoSets ? field.alsoSets(e.target.value) : {}) })
                          }
                        >
                          {field.options.map((o) => (
                            <option key={o.value} value={o.value}>
                              {o.label}
                            </option>
                          ))}
                        </select>
                      ) : (
                        <input
                          {...common}
                          type={field.inputMode === "url" ? "url" : field.inputMode === "email" ? "email" : "text"}
                          inputMode={field.inputMode}
                          maxLength={field.maxLength}
                          autoComplete="off"
                          spellCheck={false}
                          placeholder={field.placeholder}
                          onChange={(e) => setField(kind, { [field.name]: e.target.value })}
                        />
                      )}
                      {problem && (
                        <p id={`${fieldId}-problem`} className="mt-1 text-sm text-red-700">
                          {problem}
                        </p>
                      )}
                    </div>
                  );
                })}
              </div>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
