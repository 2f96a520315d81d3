import { budgetAlert, validation } from "../../../contract/messages/es.json";
import web from "../locales/es.json";
import { type Catalogue, mergeAll } from "../merge";

// One language's whole catalogue, a chunk of its own: a visitor downloads only the language they
// read (i18n/init.ts loads it before the first render). Each feature keeps its own texts in
// features/<area>/locales/<lang>.json, so features can grow without editing one shared file.
// Of the server's messages only what the web itself translates: the contract's validation
// messages (its schemas' keys, shown under a form's fields) and the budget alerts
// (domain/budget-alert-message.ts); the server sends its errors and other messages already
// translated, and its mails and CSV headers never reach the web (i18n/keys.test.ts).
const features = import.meta.glob<Catalogue>("../../features/*/locales/es.json", {
  eager: true,
  import: "default",
});

export default mergeAll({ validation, budgetAlert }, web, features);
