import { Fragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/* The building blocks of the site's HTML mails. React escapes every value they show. */

/** A whole mail body as an HTML document string. */
export function renderMailHtml(mail: ReactNode): string {
  return `<!doctype html>${renderToStaticMarkup(mail)}`;
}

export function MailDocument({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
      </head>
      <body
        style={{
          fontFamily: "Arial,Helvetica,sans-serif",
          fontSize: "15px",
          lineHeight: 1.5,
          color: "#0f172a",
        }}
      >
        {children}
      </body>
    </html>
  );
}

/** Label and value rows, e.g. an enquiry's fields (a value may hold a link); nothing when none. */
export function DetailsTable({ rows }: { rows: Array<[string, ReactNode]> }) {
  if (rows.length === 0) return null;
  return (
    <table cellSpacing={0} cellPadding={0}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th align="left" style={{ padding: "4px 12px 4px 0", verticalAlign: "top" }}>
              {label}
            </th>
            <td style={{ padding: "4px 0" }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Visitor text as paragraphs (split at blank lines), its single line breaks kept. */
export function Paragraphs({ text }: { text: string }) {
  return text.split(/\n{2,}/).map((paragraph, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static markup; paragraphs never reorder.
    <p key={index}>
      {paragraph.split("\n").map((line, lineIndex) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static markup; lines never reorder.
        <Fragment key={lineIndex}>
          {lineIndex > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </p>
  ));
}

export const HEADING_STYLE = { fontSize: "16px" };
