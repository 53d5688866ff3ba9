import { cva, type VariantProps } from 'class-variance-authority';
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { eventAttributes } from '../../lib/event-attributes.ts';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-pill font-semibold whitespace-nowrap transition-colors duration-150 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-5 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        /** Amber on every surface: the call to action. */
        primary: 'bg-accent text-ink hover:bg-accent-strong',
        /** The surface's own solid button: ink on light surfaces, amber on dark ones. */
        solid: 'bg-action text-action-fg hover:bg-action-hover',
        /** Outlined in the surface's text colour. */
        outline: 'border border-surface-fg/40 text-surface-fg hover:border-surface-fg hover:bg-surface-fg/10',
      },
      size: {
        default: 'min-h-11 px-5 py-2.5 text-base',
        lg: 'min-h-14 px-8 py-3.5 text-lg',
        /** Default size below md (768 px), large from md. */
        responsive: 'min-h-11 px-5 py-2.5 text-base md:min-h-14 md:px-8 md:py-3.5 md:text-lg',
      },
      block: { true: 'w-full', false: '' },
    },
    defaultVariants: { variant: 'primary', size: 'default', block: false },
  },
);

type Variants = VariantProps<typeof buttonVariants>;

type LinkProps = Variants &
  AnchorHTMLAttributes<HTMLAnchorElement> & {
    href: string;
    /**
     * Marks a sign-up or buy link: the visitor's UTM parameters are carried onto it, and a click
     * reports `cta_click` with the section it sits in and its label.
     */
    auth?: boolean;
    children: ReactNode;
  };

type PlainButtonProps = Variants &
  ButtonHTMLAttributes<HTMLButtonElement> & {
    href?: undefined;
    children: ReactNode;
  };

export type ButtonProps = LinkProps | PlainButtonProps;

/** A link that looks like a button when given `href`, otherwise a real `<button>`. */
export function Button(props: ButtonProps) {
  if (props.href !== undefined) {
    const { variant, size, block, className, auth, children, ...rest } = props;
    return (
      <a
        {...rest}
        // The mark lib/auth-link.ts looks for (AUTH_LINK_ATTR), written out: importing it here would
        // make the islands and the boot script share a chunk, one more round trip before first paint.
        {...(auth ? { 'data-auth-link': '', ...eventAttributes('cta_click') } : {})}
        className={cn(buttonVariants({ variant, size, block }), className)}
      >
        {children}
      </a>
    );
  }
  const { variant, size, block, className, children, type, ...rest } = props;
  return (
    <button
      {...rest}
      type={type ?? 'button'}
      className={cn(buttonVariants({ variant, size, block }), className)}
    >
      {children}
    </button>
  );
}
