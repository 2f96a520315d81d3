import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import { refreshFamilyData } from "../../api/family/refresh-family-data";
import { toast } from "../../lib/use-toast";
import { joinFeedbackOf, withoutJoinFeedback } from "./join-feedback-message";
import { familyTexts } from "./texts";

/**
 * Tells the user how opening an invite link went: the server joins them and redirects to
 * /?success=... or /?error=... (docs/product.md#join-feedback). The parameters are removed at once, so a reload or a
 * second effect run does not repeat the toast.
 */
export function JoinFeedback() {
  const { t } = useTranslation(familyTexts);
  const queryClient = useQueryClient();
  const search = useSearch();
  useEffect(() => {
    if (joinFeedbackOf(search).kind === "none") return;
    // Read the live address: a second run of this effect (React's StrictMode) finds it cleaned.
    const { pathname, search: liveSearch, hash } = window.location;
    const feedback = joinFeedbackOf(liveSearch);
    if (feedback.kind === "none") return;
    window.history.replaceState(
      window.history.state,
      "",
      withoutJoinFeedback(pathname, liveSearch, hash),
    );
    if (feedback.kind === "success") {
      toast({
        title: t("family.joinFeedback.successTitle"),
        description: t("family.joinFeedback.successDescription"),
      });
      void refreshFamilyData(queryClient);
    } else {
      toast({
        variant: "destructive",
        title: t("common.error"),
        description: t(feedback.messageKey),
      });
    }
  }, [search, t, queryClient]);
  return null;
}
