import { container, SectionHeading } from "~/components/site/ui";
import type {
  PublicProof,
  PublicResultFigure,
  PublicTestimonial,
} from "~/modules/proof/proof.server";
import { Face } from "./face";

/*
 * The results band and the testimonials of a page (home, services), each left out entirely when
 * nothing of its kind is published. Figures already shown in the proof band (when no client
 * logo is published) are not repeated here. A young firm may have one or two of each, so the
 * lists wrap centred (an incomplete last row sits in the middle, not in the left columns) and a
 * lone testimonial is a wider quote of its own (issue 24).
 */
export function ProofSections({ proof }: { proof: PublicProof }) {
  const figuresInBand = proof.logos.length === 0;
  return (
    <>
      {figuresInBand ? null : <ResultsBand figures={proof.figures} />}
      <TestimonialsSection testimonials={proof.testimonials} />
    </>
  );
}

/** A column of the results band: one under the other on a phone, up to three side by side. */
const RESULT_COLUMN = "w-full sm:w-[calc(50%_-_1.25rem)] lg:w-[calc((100%_-_5rem)/3)]";

/** A testimonial's column: two share a narrower row; three or more wrap three to a row. */
const TESTIMONIAL_COLUMN = {
  two: "flex w-full md:w-[calc(50%_-_0.75rem)]",
  more: "flex w-full md:w-[calc(50%_-_0.75rem)] lg:w-[calc((100%_-_3rem)/3)]",
} as const;

/** Two or three large figures on the navy band, in the accent colour, with tabular numerals. */
function ResultsBand({ figures }: { figures: PublicResultFigure[] }) {
  if (figures.length === 0) return null;
  return (
    <section aria-labelledby="results-heading" className="bg-navy-950 py-16 text-white sm:py-20">
      <div className={container}>
        <h2
          id="results-heading"
          className="text-center text-sm font-semibold uppercase tracking-wider text-navy-200"
        >
          Results for our clients
        </h2>
        <ul className="mt-10 flex flex-wrap justify-center gap-10 text-center">
          {figures.slice(0, 3).map((item) => (
            <li key={item.id} data-reveal="" className={RESULT_COLUMN}>
              <p className="figures font-display text-6xl font-semibold tracking-tight text-marigold-300 sm:text-7xl">
                {item.figure}
              </p>
              <p className="mx-auto mt-3 max-w-xs text-lg text-white">{item.label}</p>
              <p className="mt-2 text-sm text-navy-200">{item.client}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function TestimonialsSection({ testimonials }: { testimonials: PublicTestimonial[] }) {
  const [first, ...others] = testimonials;
  if (!first) return null;
  return (
    <section aria-labelledby="testimonials-heading" className="bg-paper py-20 sm:py-24">
      <div className={container}>
        <SectionHeading
          id="testimonials-heading"
          eyebrow="Testimonials"
          title="What Our Clients Say"
        />
        {others.length === 0 ? (
          <div data-reveal="" className="mx-auto mt-14 flex max-w-3xl">
            <TestimonialCard testimonial={first} single />
          </div>
        ) : (
          <ul
            className={`mx-auto mt-14 flex flex-wrap justify-center gap-6 ${
              testimonials.length === 2 ? "max-w-5xl" : ""
            }`}
          >
            {testimonials.map((item) => (
              <li
                key={item.id}
                data-reveal=""
                className={TESTIMONIAL_COLUMN[testimonials.length === 2 ? "two" : "more"]}
              >
                <TestimonialCard testimonial={item} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function TestimonialCard({
  testimonial: t,
  single = false,
}: {
  testimonial: PublicTestimonial;
  /** The only one published: set as a larger quote. */
  single?: boolean;
}) {
  return (
    <figure
      className={`flex w-full flex-col rounded-card bg-card shadow-card ${single ? "p-8 sm:p-12" : "p-8"}`}
    >
      <blockquote
        className={`flex-1 leading-relaxed text-stone-800 ${
          single ? "font-display text-xl sm:text-2xl" : "text-lg"
        }`}
      >
        <p>“{t.quote}”</p>
      </blockquote>
      <figcaption className="mt-8 flex items-center gap-4">
        <Face name={t.name} photo={t.photo} />
        <div className="min-w-0">
          <p className="font-semibold text-navy-950">{t.name}</p>
          <p className="text-sm text-stone-600">
            {t.role}, {t.company}
          </p>
          {t.caseStudyUrl ? (
            <a
              href={t.caseStudyUrl}
              className="mt-1 inline-block text-sm font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900"
            >
              Read the case study<span className="sr-only"> about {t.company}</span>
            </a>
          ) : null}
        </div>
      </figcaption>
    </figure>
  );
}
