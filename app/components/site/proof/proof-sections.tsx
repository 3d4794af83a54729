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
 * logo is published) are not repeated here.
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
        <ul className="mt-10 grid gap-10 text-center sm:grid-cols-2 lg:grid-cols-3">
          {figures.slice(0, 3).map((item) => (
            <li key={item.id} data-reveal="">
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
  if (testimonials.length === 0) return null;
  return (
    <section aria-labelledby="testimonials-heading" className="bg-paper py-20 sm:py-24">
      <div className={container}>
        <SectionHeading
          id="testimonials-heading"
          eyebrow="Testimonials"
          title="What Our Clients Say"
        />
        <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {testimonials.map((item) => (
            <li key={item.id} data-reveal="" className="flex">
              <TestimonialCard testimonial={item} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function TestimonialCard({ testimonial: t }: { testimonial: PublicTestimonial }) {
  return (
    <figure className="flex w-full flex-col rounded-card bg-card p-8 shadow-card">
      <blockquote className="flex-1 text-lg leading-relaxed text-stone-800">
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
