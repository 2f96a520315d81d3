import { languages } from "../../contract/languages";
import { loadCatalogue, loadTexts } from "../i18n/init";
import type { Catalogue } from "../i18n/merge";

// The app loads the visitor's language before its first render (main.tsx), the rest of the shared
// texts with the first screen that needs them and each feature's with its screen; unit tests switch
// languages synchronously with initI18n, so every language's texts are loaded before any test runs.
const features = import.meta.glob<{ default: Catalogue }>("../features/*/locales/*.json");
await Promise.all([
  ...languages.flatMap((language) => [loadCatalogue(language), loadCatalogue(language, "app")]),
  ...Object.entries(features).map(([path, load]) => {
    const [, namespace = "", language = ""] =
      /features\/([^/]+)\/locales\/(\w+)\.json$/.exec(path) ?? [];
    const known = languages.find((each) => each === language);
    if (!known) throw new Error(`${path} is in no language the app speaks`);
    return loadTexts(known, namespace, load);
  }),
]);
