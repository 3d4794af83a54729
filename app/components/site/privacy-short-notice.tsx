import { NOTICE_FORMS, type NoticeForm } from "~/modules/privacy/purposes";
import { PageLink } from "./page-link";

/**
 * The short notice every visitor form shows (DPDP Act 2023 s.5; Rules 2025 r.3; decision 0061),
 * in the words the consent ledger keeps (`shortNoticeWords`), with a link to the notice in force.
 */
export function PrivacyShortNotice({
  form,
  className = "",
}: {
  form: NoticeForm;
  className?: string;
}) {
  return (
    <p className={`text-sm text-stone-700 ${className}`} data-privacy-notice={form}>
      We use what you send only for {NOTICE_FORMS[form]}. Every e-mail we send you has a link to
      withdraw. Read our{" "}
      <PageLink to="/privacy" className="font-medium text-navy-700 underline">
        privacy notice
      </PageLink>{" "}
      (what we keep, how long, your rights, how to complain to the Data Protection Board).
    </p>
  );
}
