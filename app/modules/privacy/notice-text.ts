/*
 * The privacy notice as staff write it (docs/decisions/0061-notice-and-consent.md): plain text in
 * which `# ` starts the title (first line), `## ` a section, `- ` an item of a list, and a blank
 * line separates paragraphs. The first paragraph before any section is the introduction. Kept
 * whole with each published version; `{siteName}` and the other placeholders of legal.text.ts are
 * filled when the page renders.
 */
import {
  fillPlaceholders,
  type LegalDocument,
  type LegalPlaceholders,
  type LegalSection,
} from "~/modules/pages/legal.text";

export type NoticeDocument = Omit<LegalDocument, "lastUpdated">;

/** The document as notice text (the inverse of `parseNoticeText`). */
export function noticeTextOf(document: NoticeDocument): string {
  const blocks = [`# ${document.title}`, document.introduction];
  for (const section of document.sections) {
    blocks.push(`## ${section.title}`, ...section.paragraphs);
    if (section.items?.length) blocks.push(section.items.map((item) => `- ${item}`).join("\n"));
  }
  return `${blocks.join("\n\n")}\n`;
}

/** Reads notice text; a problem is given as a message for the editor, never thrown. */
export function parseNoticeText(
  text: string,
): { ok: true; document: NoticeDocument } | { ok: false; message: string } {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let title = "";
  const intro: string[] = [];
  const sections: LegalSection[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    const joined = paragraph.join(" ").trim();
    paragraph = [];
    if (!joined) return;
    const section = sections.at(-1);
    if (section) section.paragraphs.push(joined);
    else intro.push(joined);
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (line.startsWith("## ")) {
      flush();
      sections.push({ title: line.slice(3).trim(), paragraphs: [] });
    } else if (line.startsWith("# ")) {
      flush();
      if (title)
        return {
          ok: false,
          message: "Only the first line may start with “# ” (the title).",
        };
      title = line.slice(2).trim();
    } else if (line.startsWith("- ")) {
      flush();
      const section = sections.at(-1);
      if (!section)
        return {
          ok: false,
          message: "A list item (“- ”) must be inside a section.",
        };
      section.items = [...(section.items ?? []), line.slice(2).trim()];
    } else if (line === "") flush();
    else paragraph.push(line);
  }
  flush();
  if (!title)
    return {
      ok: false,
      message: "Start with the title on a line of its own: “# Privacy Policy”.",
    };
  if (intro.length === 0) return { ok: false, message: "Add an introduction below the title." };
  if (sections.length === 0)
    return { ok: false, message: "Add at least one section (“## Title”)." };
  const empty = sections.find((s) => s.paragraphs.length === 0 && !s.items?.length);
  if (empty) return { ok: false, message: `The section “${empty.title}” has no text.` };
  return {
    ok: true,
    document: { title, introduction: intro.join("\n\n"), sections },
  };
}

/**
 * The document with `{siteName}` and the other placeholders filled in, so that a page sends
 * finished text (never the placeholders) to the browser.
 */
export function filledNotice(document: NoticeDocument, values: LegalPlaceholders): NoticeDocument {
  const fill = (text: string) => fillPlaceholders(text, values);
  return {
    title: fill(document.title),
    introduction: fill(document.introduction),
    sections: document.sections.map((section) => ({
      title: fill(section.title),
      paragraphs: section.paragraphs.map(fill),
      ...(section.items ? { items: section.items.map(fill) } : {}),
    })),
  };
}
