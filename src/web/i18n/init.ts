import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "../../contract/languages";
import { currentLanguage, rememberLanguage } from "./current-language";
import { detectLanguage, isLanguage, languageStorageKey, readDetectionInput } from "./detect";
import { frameFeatures } from "./frame-features";
import { type Catalogue, mergeCatalogues } from "./merge";

/**
 * The namespace of the texts several places read: the landing page, the frames, common words,
 * shared components, lib/, api/ and routes/ (i18n/locales), and the server's messages the web
 * translates itself. Every feature's texts are a namespace of their own, named as its folder
 * (features/<area>/locales, loaded by features/<area>/texts.ts); a feature's `t` falls back to
 * these, so a feature reads its own texts and the shared ones, never another feature's
 * (i18n/keys.test.ts).
 */
const sharedTexts = "shared";

/**
 * The shared texts come in two chunks per language, and only the visitor's language is
 * downloaded (docs/internals/web.md#what-the-landing-page-loads): `frame` (i18n/locales) before
 * the first render; `app` (i18n/catalogues/<lang>.ts: the contract's validation messages and the
 * budget alerts) with the first sign-in or signed-in screen's chunk.
 */
type Part = "frame" | "app";
type Loader = () => Promise<{ default: Catalogue }>;
const sharedLoaders: Record<Language, Record<Part, Loader>> = {
  en: { frame: () => import("./locales/en.json"), app: () => import("./catalogues/en") },
  pt: { frame: () => import("./locales/pt.json"), app: () => import("./catalogues/pt") },
  es: { frame: () => import("./locales/es.json"), app: () => import("./catalogues/es") },
};

/** The texts loaded so far, by language and namespace: i18next starts with them. */
const loaded: Partial<Record<Language, Record<string, Catalogue>>> = {};
const loading = new Map<string, Promise<void>>();
/** What a language switch loads in the new language first: whatever screens asked for so far. */
const wanted = new Map<string, (language: Language) => Promise<void>>();

/**
 * Loads one language's texts of a namespace (once, by `part`) and hands them to i18next if it is
 * set up. A failed load is tried again by the next call.
 */
export function loadTexts(
  language: Language,
  namespace: string,
  load: Loader,
  part = namespace,
): Promise<void> {
  const key = `${language}:${namespace}:${part}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = load().then(
      ({ default: catalogue }) => {
        const texts = loaded[language] ?? {};
        texts[namespace] = mergeCatalogues(texts[namespace] ?? {}, catalogue);
        loaded[language] = texts;
        if (i18n.isInitialized) i18n.addResourceBundle(language, namespace, catalogue, true, true);
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

/** Loads one part of a language's shared texts. */
export function loadCatalogue(language: Language, part: Part = "frame"): Promise<void> {
  return loadTexts(language, sharedTexts, sharedLoaders[language][part], part);
}

function languageOnScreen(): Language {
  const language = i18n.resolvedLanguage;
  return isLanguage(language) ? language : currentLanguage();
}

/**
 * The features' texts, in two groups per language (./catalogues/frame-<lang>.ts and
 * screens-<lang>.ts): the frame's features (./frame-features.ts) and every other screen's but the
 * sign-in screens', whose texts load alone (features/auth/texts.ts). A group is one module, so one
 * chunk with no module per feature in it: gzip packs one file better than several, and each
 * feature's own chunk cost ~100 bytes more per language (docs/internals/web.md#what-the-landing-page-loads).
 */
type FeatureGroup = () => Promise<{ default: Record<string, Catalogue> }>;
const featureGroups: Record<Language, Record<"frame" | "screens", FeatureGroup>> = {
  en: {
    frame: () => import("./catalogues/frame-en"),
    screens: () => import("./catalogues/screens-en"),
  },
  pt: {
    frame: () => import("./catalogues/frame-pt"),
    screens: () => import("./catalogues/screens-pt"),
  },
  es: {
    frame: () => import("./catalogues/frame-es"),
    screens: () => import("./catalogues/screens-es"),
  },
};

/** A feature's texts in `language`, from its group (by the file's path: its folder). */
async function groupedTexts(language: Language, namespace: string) {
  const group = (frameFeatures as readonly string[]).includes(namespace) ? "frame" : "screens";
  const { default: files } = await featureGroups[language][group]();
  const texts = files[`../../features/${namespace}/locales/${language}.json`];
  if (!texts) throw new Error(`no texts of ${namespace} in ${language}`);
  return { default: texts };
}

/**
 * The shared texts every screen but the landing page needs, and the frame's features' (see
 * above): app.tsx loads them with the frame's and the sign-in screens' chunks (a sign-in leads to
 * the dashboard).
 */
export function loadAppTexts(): Promise<void> {
  wanted.set("app", (language) => loadCatalogue(language, "app"));
  const language = languageOnScreen();
  // Asked for beside the frame's chunk, whose texts.ts modules await them one after the other as
  // it is evaluated: they are there when it runs, no round trip after another before a cold
  // dashboard paints.
  for (const feature of frameFeatures) {
    void loadTexts(language, feature, () => groupedTexts(language, feature)).catch(() => undefined);
  }
  return loadCatalogue(language, "app");
}

/**
 * A feature's texts in the language on screen, which its texts.ts awaits as its chunk is
 * evaluated: a screen never renders before its texts are there (no keys show), and they travel
 * with the screen, not in the shell. Language switches load them too. A failed load does not fail
 * the chunk (an ES module that failed stays failed): the keys show, and the next switch tries
 * again.
 */
export function loadFeatureTexts(
  namespace: string,
  load: (language: Language) => Promise<{ default: Catalogue }> = (language) =>
    groupedTexts(language, namespace),
): Promise<void> {
  const loadIn = (language: Language) => loadTexts(language, namespace, () => load(language));
  wanted.set(namespace, loadIn);
  return loadIn(languageOnScreen()).catch(() => undefined);
}

function reflectInDocument(language: string) {
  rememberLanguage(isLanguage(language) ? language : "en");
  if (typeof document !== "undefined") document.documentElement.lang = language;
}

/**
 * Initialises i18next synchronously with the catalogues loaded so far (loadCatalogue first:
 * main.tsx awaits the visitor's language before the first render, so it is already right).
 */
export function initI18n(language: Language = detectLanguage(readDetectionInput())) {
  if (!i18n.isInitialized) {
    i18n.on("languageChanged", reflectInDocument);
    void i18n.use(initReactI18next).init({
      // A copy: i18next merges later texts into its own.
      resources: structuredClone(loaded),
      ns: [sharedTexts],
      defaultNS: sharedTexts,
      fallbackNS: sharedTexts,
      lng: language,
      supportedLngs: ["en", "pt", "es"],
      fallbackLng: "en",
      initAsync: false,
      interpolation: { escapeValue: false },
    });
  } else {
    void i18n.changeLanguage(language);
  }
  reflectInDocument(language);
  return i18n;
}

/**
 * The detected language's frame texts, then i18next: what main.tsx awaits before rendering. A
 * failed load still starts i18next (keys show rather than nothing; the next load tries again).
 */
export async function startI18n(language: Language = detectLanguage(readDetectionInput())) {
  await loadCatalogue(language).catch(() => undefined);
  return initI18n(language);
}

/**
 * The user's explicit choice: it is remembered and wins over detection from now on. The
 * language's texts (the shared ones and every namespace loaded so far) are loaded before i18next
 * switches, so no key shows untranslated.
 */
export async function setLanguage(language: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(languageStorageKey, language);
  } catch {
    // Without storage the choice still applies to this visit.
  }
  await Promise.all([
    loadCatalogue(language),
    ...[...wanted.values()].map((load) => load(language)),
  ]);
  await i18n.changeLanguage(language);
}
