/*
 * The colours and styles of the site's mails (decision 0040). Mail programs drop linked style
 * sheets and many drop <style> too, so every look is written inline; the few rules in
 * MAIL_STYLE_SHEET only add what inline styles cannot say: the dark-mode colours (clients that
 * honour prefers-color-scheme, and Outlook.com's data-ogsc) and the phone padding.
 */

/** The site's palette (app/app.css): navy anchor, marigold accent, warm neutrals. */
export const MAIL_COLOURS = {
  paper: "#faf7f1",
  card: "#fffdf9",
  border: "#e4ddd1",
  text: "#2e2922",
  muted: "#5a5246",
  navy: "#152445",
  link: "#2f4b82",
  marigold: "#f5ad22",
  onNavy: "#fffdf9",
} as const;

/** Dark-mode counterparts: navy ground, warm light text, marigold links and buttons. */
const DARK = {
  paper: "#0d1830",
  card: "#152445",
  border: "#2f4b82",
  text: "#f1ece3",
  muted: "#d2c8b8",
  link: "#fbc650",
  button: "#fbc650",
  onButton: "#0d1830",
} as const;

/** Serif for the wordmark and headings, sans for text: system faces, no font is fetched. */
export const SERIF = "Georgia,'Times New Roman',Times,serif";
export const SANS =
  "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";

/**
 * Long words (an address, a reference, a pasted link) break anywhere instead of widening the
 * mail past a phone's screen; `anywhere` also lets table cells shrink below the word's length.
 */
export const WRAP = { overflowWrap: "anywhere", wordBreak: "break-word" } as const;

export const TEXT_STYLE = {
  margin: "0 0 16px",
  fontSize: "16px",
  lineHeight: "1.6",
  color: MAIL_COLOURS.text,
} as const;

export const MUTED_STYLE = {
  margin: "0 0 8px",
  fontSize: "13px",
  lineHeight: "1.5",
  color: MAIL_COLOURS.muted,
} as const;

export const LINK_STYLE = { color: MAIL_COLOURS.link, textDecoration: "underline" } as const;

export const HEADING_STYLE = {
  margin: "24px 0 8px",
  fontFamily: SERIF,
  fontSize: "18px",
  lineHeight: "1.3",
  fontWeight: 700,
  color: MAIL_COLOURS.navy,
} as const;

/** Class names the dark-mode rules address (inline styles win otherwise, hence !important). */
export const MAIL_CLASS = {
  body: "m-body",
  card: "m-card",
  text: "m-text",
  muted: "m-muted",
  heading: "m-heading",
  link: "m-link",
  button: "m-button",
  wordmark: "m-wordmark",
  rule: "m-rule",
} as const;

const darkRules = (scope: string) =>
  [
    // react-email's Body repeats the background on its wrapping cell, which has no class.
    `${scope}.m-body,${scope}.m-body>table>tbody>tr>td{background-color:${DARK.paper}!important}`,
    `${scope}.m-card{background-color:${DARK.card}!important;border-color:${DARK.border}!important}`,
    `${scope}.m-text,${scope}.m-text td,${scope}.m-text th{color:${DARK.text}!important}`,
    `${scope}.m-heading,${scope}.m-wordmark{color:${DARK.text}!important}`,
    `${scope}.m-muted{color:${DARK.muted}!important}`,
    `${scope}.m-link{color:${DARK.link}!important}`,
    `${scope}.m-button{background-color:${DARK.button}!important;color:${DARK.onButton}!important}`,
    `${scope}.m-rule{border-color:${DARK.border}!important}`,
  ].join("");

/** The <style> of every mail: dark mode, and less padding on a phone. */
export const MAIL_STYLE_SHEET = [
  ":root{color-scheme:light dark;supported-color-schemes:light dark}",
  "body{margin:0;padding:0;-webkit-text-size-adjust:100%}",
  "a{word-break:break-word;overflow-wrap:anywhere}",
  "@media only screen and (max-width:480px){.m-card{padding:20px 16px!important}.m-outer{padding:16px 8px!important}}",
  `@media (prefers-color-scheme:dark){${darkRules("")}}`,
  // Outlook.com marks the elements it recolours in dark mode with data-ogsc / data-ogsb.
  darkRules("[data-ogsc] "),
].join("\n");
