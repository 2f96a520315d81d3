import type { RuleOffer } from "../../../contract/category-rules";
import { getJson, withQuery } from "../../lib/api-client";

/**
 * GET /api/category-rules/offer: after the person gave an expense another category, whether to
 * offer "Sempre usar Mercado para CARREFOUR" (docs/product.md#learned-rules). Asked once, right
 * after the change, so it is a call rather than a kept query.
 */
export const fetchRuleOffer = (expenseId: string) =>
  getJson<RuleOffer>(withQuery("/api/category-rules/offer", { expenseId }));
