import { languages } from "../../contract/languages";
import { loadCatalogue } from "../i18n/init";

// The app loads the visitor's language before its first render (main.tsx) and the rest of its
// texts with the first screen that needs them; unit tests switch languages synchronously with
// initI18n, so every catalogue is loaded before any test runs.
await Promise.all(languages.map((language) => loadCatalogue(language, "app")));
