import server from "../../../contract/messages/es.json";
import web from "../locales/es.json";
import { type Catalogue, mergeAll } from "../merge";

// One language's whole catalogue, a chunk of its own: a visitor downloads only the language they
// read (i18n/init.ts loads it before the first render). Each feature keeps its own texts in
// features/<area>/locales/<lang>.json, so features can grow without editing one shared file.
const features = import.meta.glob<Catalogue>("../../features/*/locales/es.json", {
  eager: true,
  import: "default",
});

export default mergeAll(server, web, features);
