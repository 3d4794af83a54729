import { formatDate } from "~/lib/format";
import {
  fillPlaceholders,
  type LegalDocument,
  type LegalPlaceholders,
} from "~/modules/pages/legal.text";
import { container, PageHero, ScrollLink } from "./ui";

/** A legal text: its numbered sections and the date the text last changed. */
export function LegalPage({
  document,
  values,
  version,
  children,
}: {
  document: LegalDocument;
  values: LegalPlaceholders;
  /** The published version shown (the privacy notice, decision 0061). */
  version?: number;
  /** Shown before the introduction (e.g. the note on an earlier version). */
  children?: React.ReactNode;
}) {
  const fill = (text: string) => fillPlaceholders(text, values);
  return (
    <>
      <PageHero title={document.title}>
        <p className="text-navy-100">
          {version !== undefined && <>Version {version} · </>}
          Last updated:{" "}
          <time dateTime={document.lastUpdated}>{formatDate(document.lastUpdated)}</time>
        </p>
      </PageHero>
      <div className={container}>
        <div className="mx-auto max-w-3xl py-16 sm:py-20">
          {children}
          <p className="text-lg leading-8 text-stone-700">{fill(document.introduction)}</p>
          <nav aria-label="Sections" className="mt-10 rounded-card bg-stone-100 p-6">
            <h2 className="font-semibold text-navy-950">Contents</h2>
            <ol className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              {document.sections.map((section, index) => (
                <li key={section.title}>
                  <ScrollLink
                    className="text-navy-700 hover:underline"
                    target={`section-${index + 1}`}
                  >
                    {index + 1}. {section.title}
                  </ScrollLink>
                </li>
              ))}
            </ol>
          </nav>
          {document.sections.map((section, index) => (
            <section
              key={section.title}
              id={`section-${index + 1}`}
              aria-labelledby={`section-${index + 1}-heading`}
              className="mt-12"
            >
              <h2
                id={`section-${index + 1}-heading`}
                className="text-2xl font-semibold text-navy-950"
              >
                {index + 1}. {section.title}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-4 leading-7 text-stone-700">
                  {fill(paragraph)}
                </p>
              ))}
              {section.items && (
                <ul className="mt-4 list-disc space-y-2 pl-6 leading-7 text-stone-700">
                  {section.items.map((item) => (
                    <li key={item}>{fill(item)}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
