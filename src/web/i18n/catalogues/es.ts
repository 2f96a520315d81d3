import { budgetAlert, validation } from "../../../contract/messages/es.json";
import type { Catalogue } from "../merge";

// The shared texts' second part in one language, a chunk of its own that the sign-in screens and
// the signed-in frame load (i18n/init.ts, loadAppTexts): of the server's messages only what the
// web itself translates, the contract's validation messages (its schemas' keys, shown under a
// form's fields) and the budget alerts (domain/budget-alert-message.ts). The server sends its
// errors and other messages already translated, and its mails and CSV headers never reach the
// web (i18n/keys.test.ts). Each feature's texts load with its screen (features/<area>/texts.ts).
const texts: Catalogue = { validation, budgetAlert };
export default texts;
