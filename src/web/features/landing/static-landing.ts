import type { Language } from "../../../contract/languages";
import {
  detectLanguage,
  isLanguage,
  languageOptionAttribute,
  languageStorageKey,
  readDetectionInput,
} from "../../i18n/detect";

/**
 * The server's landing page without the app: `/` to a visitor without a session is HTML rendered
 * by react-dom/server at build time (scripts/prerender-landing.mjs), with the other languages'
 * markup in `<template data-landing="xx">` elements beside #root (server/http/web-app.ts). Its links
 * are plain links to the app's pages; this is all the JavaScript it runs
 * (docs/decisions/006-react-with-a-static-landing-page.md): the language the app would pick
 * (a stored choice, the browser's language, a Brazilian time zone) and the EN/PT/ES buttons, which
 * show that language's markup and remember the choice as the app's own switcher does.
 */
export function runStaticLanding(root: HTMLElement, doc: Document = document) {
  const show = (language: Language) => {
    const current = root.dataset.prerendered;
    if (current === language) return true;
    const template = doc.querySelector<HTMLTemplateElement>(`template[data-landing="${language}"]`);
    if (!template || !isLanguage(current)) return false;
    // The markup on screen becomes the template of its language, so switching back needs nothing
    // from the server either.
    const previous = doc.createElement("template");
    previous.dataset.landing = current;
    previous.dataset.title = doc.title;
    previous.content.append(...root.childNodes);
    template.replaceWith(previous);
    root.append(template.content);
    root.dataset.prerendered = language;
    doc.documentElement.lang = language;
    doc.documentElement.dataset.language = language;
    if (template.dataset.title) doc.title = template.dataset.title;
    return true;
  };

  show(detectLanguage(readDetectionInput()));

  root.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest?.(`[${languageOptionAttribute}]`);
    const language = button?.getAttribute(languageOptionAttribute);
    if (!isLanguage(language)) return;
    try {
      localStorage.setItem(languageStorageKey, language);
    } catch {
      // Without storage the choice still applies to this visit.
    }
    if (show(language)) {
      // The pressed button was replaced with the new language's one: keep the keyboard there.
      root.querySelector<HTMLElement>(`[${languageOptionAttribute}="${language}"]`)?.focus();
    }
  });
}
