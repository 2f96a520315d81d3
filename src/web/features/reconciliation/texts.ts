import { loadFeatureTexts } from "../../i18n/init";

/** The reconciliation feature's i18next namespace: its texts, in locales/<lang>.json. */
export const reconciliationTexts = "reconciliation";

// Awaited as the chunk holding this module is evaluated, so the screen has its texts before it
// renders; they come in their group's chunk, not the shell (i18n/init.ts).
await loadFeatureTexts(reconciliationTexts);
