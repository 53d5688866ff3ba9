import { Logo } from './Logo.tsx';

export interface NotFoundProps {
  brand: string;
}

/** The not-found body: 404, what happened, and the way home. */
export function NotFound({ brand }: NotFoundProps) {
  return (
    <main id="main" tabIndex={-1} data-surface="dark" className="flex min-h-dvh flex-col">
      <div className="container-page py-6">
        <Logo brand={brand} href="/" />
      </div>
      <div className="container-page flex flex-1 flex-col items-start justify-center pb-24">
        <p className="font-display text-[clamp(5rem,20vw,10rem)] leading-none font-semibold text-accent-fg">
          404
        </p>
        <h1 className="mt-4 font-display text-headline font-semibold">Oops! Page not found</h1>
        <p className="mt-4 max-w-xl text-lg text-muted-fg">
          The page you asked for does not exist or has moved. Everything we offer starts from the home page.
        </p>
        <a
          href="/"
          className="mt-8 inline-flex min-h-12 items-center rounded-pill bg-accent px-6 font-semibold text-ink hover:bg-accent-strong"
        >
          Return to Home
        </a>
      </div>
    </main>
  );
}
