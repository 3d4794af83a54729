import { container, SectionHeading } from "~/components/site/ui";
import type { PublicTeamMember } from "~/modules/proof/proof.server";
import { Face } from "./face";

/**
 * The About page's partners (#team), from the team members staff publish; left out entirely
 * when none is published (the page's "Meet the Partners" link goes with it).
 */
export function TeamSection({ members }: { members: PublicTeamMember[] }) {
  if (members.length === 0) return null;
  return (
    <section id="team" aria-labelledby="team-heading" className="py-20 sm:py-24">
      <div className={container}>
        <SectionHeading
          id="team-heading"
          eyebrow="Leadership"
          title="Our Founding Partners"
          subtitle="Every engagement is led personally by one of our partners."
        />
        {/* Two to a row from lg, centred as they wrap: a lone partner stands in the middle. */}
        <ul className="mt-14 flex flex-wrap justify-center gap-8">
          {members.map((member) => (
            <li
              key={member.id}
              data-reveal=""
              className={`w-full rounded-card border border-stone-200 bg-card p-8 shadow-card ${
                members.length === 1 ? "max-w-3xl" : "lg:w-[calc(50%_-_1rem)]"
              }`}
            >
              <div className="flex items-center gap-5">
                <Face name={member.name} photo={member.photo} size="lg" />
                <div>
                  <h3 className="font-display text-2xl font-semibold text-navy-950">
                    {member.name}
                  </h3>
                  <p className="font-medium text-navy-700">{member.role}</p>
                </div>
              </div>
              <p className="mt-6 text-stone-700">{member.bio}</p>
              {member.linkedinUrl ? (
                <a
                  href={member.linkedinUrl}
                  className="mt-6 inline-flex items-center gap-2 font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900"
                >
                  <span className="sr-only">{member.name} on </span>LinkedIn
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
