import { queryOptions, useQuery } from "@tanstack/react-query";
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

export const usePaymentMethods = () => useQuery(paymentMethodsQueryOptions());
