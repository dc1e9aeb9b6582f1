import type { ReactNode } from 'react';

/** One entry of a card's "why" list: its term, and what the card says under it. */
export function WhyRow({
  term,
  className,
  children,
}: {
  term: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <>
      <dt>{term}</dt>
      <dd className={className}>{children}</dd>
    </>
  );
}
