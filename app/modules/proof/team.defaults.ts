import type { GeneralSettings } from "~/modules/settings/settings.schema";
import type { TeamMemberInput } from "./proof.schema";

/*
 * The team a fresh install shows on the About page: the two founding partners the page has
 * always named (their names from the general settings, CEO and CTO). Published, with no photo
 * (the page shows their initials) and no LinkedIn address: staff add both in the admin.
 */
export function defaultTeamMembers(
  settings: Pick<GeneralSettings, "ceoName" | "ctoName">,
): TeamMemberInput[] {
  return [
    {
      name: settings.ceoName,
      role: "Founder and Chief Executive Officer",
      bio: "Our CEO has spent more than fifteen years designing compensation, equity and benefits programmes for Indian companies, in large consulting firms and as a reward leader in industry. The firm was founded on a belief formed over those years: that copying the market produces average organisations, and that the best reward strategies are deliberately different.",
      photoId: "",
      linkedinUrl: "",
      status: "published",
    },
    {
      name: settings.ctoName,
      role: "Co-Founder and Chief Technology Officer",
      bio: "Our CTO leads the firm's analytics and technology practice, bringing more than ten years of experience in people analytics and HR systems. From dilution models to pay equity audits, the CTO makes sure every recommendation rests on clean data and transparent models that clients can keep using after an engagement ends.",
      photoId: "",
      linkedinUrl: "",
      status: "published",
    },
  ];
}
