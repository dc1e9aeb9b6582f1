import type { ButtonHTMLAttributes, KeyboardEvent } from 'react';

/** Return must never mean Allow: a focused allow-type button ignores it (Space and a click still work). */
function refuseReturn(event: KeyboardEvent<HTMLButtonElement>) {
  if (event.key === 'Enter') event.preventDefault();
}

export function AllowButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onKeyDown'>) {
  return <button {...props} type="button" onKeyDown={refuseReturn} />;
}
