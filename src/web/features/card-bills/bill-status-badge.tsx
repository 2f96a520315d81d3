import { useTranslation } from "react-i18next";
import type { BillStatusName } from "../../../contract/card-bills";
import { Badge } from "../../components/ui/badge";
import { statusVariant } from "./card-bills-view";
import { cardBillsTexts } from "./texts";

/** A bill's status as a badge: "Aberta", "Fechada", "Paga". */
export function StatusBadge({ status }: { status: BillStatusName }) {
  const { t } = useTranslation(cardBillsTexts);
  return <Badge variant={statusVariant[status]}>{t(`cardBills.status.${status}`)}</Badge>;
}
