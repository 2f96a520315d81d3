import type { Catalogue } from "../merge";

// The texts of every screen's feature but the frame's and the sign-in screens', in one language:
// one chunk that comes with the first of those screens a person opens (i18n/init.ts,
// loadFeatureTexts). The frame's features are left out by name, as i18n/frame-features.ts lists
// them (i18n/keys.test.ts holds the two lists together), and auth, whose texts load alone.
const files: Record<string, Catalogue> = import.meta.glob<Catalogue>(
  [
    "../../features/*/locales/es.json",
    "!../../features/{auth,dashboard,expenses,family,notifications}/locales/es.json",
  ],
  { eager: true, import: "default" },
);
// By the file's path; i18n/init.ts reads a feature's by its folder.
export default files;
