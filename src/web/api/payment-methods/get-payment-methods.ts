import { queryOptions, useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { getJson } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/**
 * GET /api/payment-methods: the family's accounts and cards (docs/product.md#payment-methods),
 * the active ones first, then by name; archived ones included.
 */
export const fetchPaymentMethods = (signal?: AbortSignal) =>
  getJson<PaymentMethod[]>("/api/payment-methods", { signal });

export const paymentMethodsQueryKey = queryKeys.paymentMethods;

export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: paymentMethodsQueryKey,
    queryFn: ({ signal }) => fetchPaymentMethods(signal),
  });

/**
 * The methods as the screens show them: another member's private account, which comes without a
 * name (docs/product.md#private-accounts), is called "Conta privada" wherever it is named.
 */
export function usePaymentMethods() {
  const { t } = useTranslation();
  const select = useCallback(
    (methods: PaymentMethod[]) =>
      methods.some((method) => method.hidden)
        ? methods.map((method) =>
            method.hidden ? { ...method, name: t("paymentMethod.hidden") } : method,
          )
        : methods,
    [t],
  );
  return useQuery({ ...paymentMethodsQueryOptions(), select });
}
