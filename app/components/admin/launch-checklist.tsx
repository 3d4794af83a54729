import { Form, Link, useNavigation } from "react-router";
import { buttonClasses } from "~/components/admin/forms";
import { Panel } from "~/components/admin/page";
import type { LaunchChecklist } from "~/modules/launch/launch-items";
import { LAUNCH_ITEMS } from "~/modules/launch/launch-items";

/*
 * The launch checklist on the dashboard (issue 24): what the site still shows of the seed, one
 * item each, with where to put it right. Plain forms, so dismissing and the test mail work
 * without JavaScript; only admins get the buttons (editors read the list).
 */

export function TestMailForm({ className = "" }: { className?: string }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "test-mail";
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="intent" value="test-mail" />
      <button type="submit" className={buttonClasses.small} disabled={sending}>
        {sending ? "Sending..." : "Send me a test mail"}
      </button>
    </Form>
  );
}

export function LaunchChecklistPanel({
  checklist,
  canChange,
}: {
  checklist: LaunchChecklist;
  canChange: boolean;
}) {
  const navigation = useNavigation();
  if (checklist.open.length === 0) return null;
  const settled = checklist.done + checklist.dismissed;
  return (
    <Panel title="Before you launch" className="mb-6 border-orange-300">
      <p className="text-sm text-slate-700">
        {settled} of {LAUNCH_ITEMS.length} done
        {checklist.dismissed ? ` (${checklist.dismissed} dismissed)` : ""}. Visitors still see what
        the site was installed with in the places below; each item goes away once the real value is
        in{canChange ? ", or when you dismiss it" : ""}.
        {canChange ? "" : " Only an admin can dismiss an item or send a test mail."}
      </p>
      <ul className="mt-4 divide-y divide-slate-100" aria-label="Launch checklist">
        {checklist.open.map((item) => {
          const dismissing =
            navigation.state !== "idle" &&
            navigation.formData?.get("intent") === "dismiss" &&
            navigation.formData?.get("item") === item.id;
          return (
            <li key={item.id} className="py-3" data-launch-item={item.id}>
              <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                <div className="min-w-0 flex-1 basis-64">
                  <h3 className="font-semibold text-slate-900">{item.title}</h3>
                  <p className="mt-1 text-sm text-slate-700">{item.detail}</p>
                  {item.fixes.length > 0 ? (
                    <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                      {item.fixes.map((fix) => (
                        <Link
                          key={fix.to}
                          to={fix.to}
                          className="font-medium text-blue-800 underline hover:text-blue-950"
                        >
                          {fix.label}
                          <span className="sr-only"> ({item.title})</span>
                        </Link>
                      ))}
                    </p>
                  ) : null}
                </div>
                {canChange ? (
                  <div className="flex flex-wrap gap-2">
                    {item.id === "mail" ? <TestMailForm /> : null}
                    <Form method="post">
                      <input type="hidden" name="intent" value="dismiss" />
                      <input type="hidden" name="item" value={item.id} />
                      <button
                        type="submit"
                        className={buttonClasses.small}
                        disabled={dismissing}
                        // The visible word first (WCAG 2.5.3), then which item it is.
                        aria-label={`Dismiss: ${item.title}`}
                      >
                        {dismissing ? "Dismissing..." : "Dismiss"}
                      </button>
                    </Form>
                  </div>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
