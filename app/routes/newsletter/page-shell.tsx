import { Link } from "react-router";

/**
 * A plain page for the newsletter's own pages (sign-up result, confirmation, unsubscribe): the
 * brand, one heading, the message, a way back. These pages are reached from e-mails and form
 * posts, not from the site's navigation.
 */
export function NewsletterPageShell({
  siteName,
  title,
  children,
}: {
  siteName: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200">
        <div className="mx-auto max-w-3xl px-6 py-4">
          <Link to="/" className="text-lg font-semibold text-slate-900">
            {siteName}
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl px-6 py-16">
        <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
        <div className="mt-6 space-y-4 text-slate-700">{children}</div>
        <p className="mt-10">
          <Link to="/" className="font-medium text-blue-700 underline">
            Go to the home page
          </Link>
        </p>
      </main>
    </>
  );
}

export const noindex = { name: "robots", content: "noindex" } as const;
