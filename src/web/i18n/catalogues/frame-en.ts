import type { Catalogue } from "../merge";

// The texts of the features the signed-in frame and the dashboard show (i18n/frame-features.ts),
// in one language: one chunk asked for beside the frame's (i18n/init.ts, loadAppTexts).
const files: Record<string, Catalogue> = import.meta.glob<Catalogue>(
  "../../features/{dashboard,expenses,family,notifications}/locales/en.json",
  { eager: true, import: "default" },
);
// By the file's path; i18n/init.ts reads a feature's by its folder.
export default files;
