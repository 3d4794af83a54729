import { ResponsiveImage } from "~/components/site/responsive-image";
import { container } from "~/components/site/ui";
import type {
  PublicClientLogo,
  PublicProof,
  PublicResultFigure,
} from "~/modules/proof/proof.server";

/*
 * The proof band right under a page's hero (visual brief, layout): the clients' logos, or, until
 * any is published, the firm's results figures; nothing at all when neither is published. When
 * the band shows the figures, the results band further down leaves them out (ProofSections).
 */
export function ProofBand({ proof }: { proof: PublicProof }) {
  if (proof.logos.length > 0) return <LogoBand logos={proof.logos} />;
  if (proof.figures.length > 0) return <FigureBand figures={proof.figures} />;
  return null;
}

function LogoBand({ logos }: { logos: PublicClientLogo[] }) {
  return (
    <section aria-labelledby="clients-heading" className="border-b border-stone-200 bg-card">
      <div className={`${container} py-8 sm:py-10`}>
        <h2
          id="clients-heading"
          className="text-center text-sm font-semibold uppercase tracking-wider text-stone-600"
        >
          Trusted by growing companies
        </h2>
        <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-10 gap-y-6">
          {logos.map((client) => (
            <li key={client.id} className="flex h-12 items-center">
              {client.url ? (
                <a
                  href={client.url}
                  className="flex h-full items-center rounded-sm opacity-80 transition-opacity hover:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-navy-700"
                >
                  <ClientMark client={client} />
                </a>
              ) : (
                <ClientMark client={client} />
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** A logo drawn at the band's height (its width follows its shape), or the name as a wordmark. */
function ClientMark({ client }: { client: PublicClientLogo }) {
  if (!client.logo) {
    return (
      <span className="font-display text-xl font-semibold tracking-tight text-stone-700">
        {client.name}
      </span>
    );
  }
  // The client's name is what the logo says; the library's alt text describes the file.
  return (
    <ResponsiveImage
      image={{ ...client.logo, alt: client.name }}
      sizes="160px"
      className="h-10 w-auto max-w-40 object-contain"
    />
  );
}

function FigureBand({ figures }: { figures: PublicResultFigure[] }) {
  return (
    <section aria-labelledby="band-results-heading" className="border-b border-stone-200 bg-card">
      <div className={`${container} py-8 sm:py-10`}>
        <h2 id="band-results-heading" className="sr-only">
          Results for our clients
        </h2>
        {/* Centred as they wrap: one or two figures stand in the middle, not in the left thirds. */}
        <ul className="flex flex-wrap justify-center gap-6 text-center">
          {figures.slice(0, 3).map((item) => (
            <li key={item.id} className="w-full sm:w-[calc((100%_-_3rem)/3)]">
              <p className="figures font-display text-4xl font-semibold text-navy-900">
                {item.figure}
              </p>
              <p className="mt-1 text-stone-700">{item.label}</p>
              <p className="mt-1 text-sm text-stone-600">{item.client}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
