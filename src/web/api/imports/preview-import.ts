import { useMutation } from "@tanstack/react-query";
import type { ImportPreview, ImportPreviewInput } from "../../../contract/imports";
import { sendJson } from "../../lib/api-client";

/**
 * POST /api/imports/preview: reads the file (base64 in JSON, docs/product.md#csv-import) and
 * answers every line; it changes nothing, so nothing is invalidated.
 */
export const previewImport = (input: ImportPreviewInput) =>
  sendJson<ImportPreview>("POST", "/api/imports/preview", input);

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });
