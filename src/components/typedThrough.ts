import { useRef, type KeyboardEvent } from 'react';

/**
 * The add form's keyboard flow (docs/planning.md): once the last section of a date or time field
 * (the year, the minutes) has been typed in full, `onComplete` moves the focus on, so a person types
 * '28112026', '0930' and the teams without reaching for the mouse. The picker's own value cannot
 * tell: after '3' of '30' it already holds 09:03. So the digits typed into the last section are
 * counted: complete at `digits` of them, or at the first one when no second could follow
 * (minutes: 6-9). Spread the handlers on an element around one picker; they read the key events
 * bubbling from its sections (capture phase, before the picker handles them).
 */
export function useTypedThrough(digits: 2 | 4, onComplete: () => void) {
  const typed = useRef(0);
  const isLast = (e: KeyboardEvent<HTMLElement>) => {
    const sections = e.currentTarget.querySelectorAll('[role="spinbutton"]');
    return sections.length > 0 && e.target === sections[sections.length - 1];
  };
  return {
    onKeyDownCapture: (e: KeyboardEvent<HTMLElement>) => {
      typed.current = isLast(e) && /^[0-9]$/.test(e.key) ? typed.current + 1 : 0;
    },
    onKeyUpCapture: (e: KeyboardEvent<HTMLElement>) => {
      if (!isLast(e) || !/^[0-9]$/.test(e.key) || typed.current === 0) return;
      const done = typed.current >= digits || (digits === 2 && typed.current === 1 && Number(e.key) >= 6);
      if (!done) return;
      typed.current = 0;
      onComplete();
    },
    onFocusCapture: () => {
      typed.current = 0;
    },
  };
}

/** Puts the focus in the first field (a picker's first section, or a text input) inside `cell`. */
export function focusIn(cell: HTMLElement | null): void {
  const target = cell?.querySelector<HTMLElement>('[role="spinbutton"], input:not([type="hidden"]):not([aria-hidden="true"])');
  target?.focus();
}
