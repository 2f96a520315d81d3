import { loadFeatureTexts } from "../../i18n/init";

/** The goals feature's i18next namespace: its texts, in locales/<lang>.json. */
export const goalsTexts = "goals";

// Awaited as the chunk holding this module is evaluated, so whatever shows this feature's parts
// has their texts before it renders; they come in their group's chunk, not the shell (i18n/init.ts).
await loadFeatureTexts(goalsTexts);
