/**
 * The landing page's image carousel as pure rules (platform-console §2 Landing page, §9): it moves
 * on every 4 500 ms, wraps both ways, and holds still while the pointer is over it, while keyboard
 * focus is inside it, after the visitor pressed Pause, and for visitors who prefer reduced motion.
 */

export const CAROUSEL_INTERVAL_MS = 4500;

export interface CarouselState {
  index: number;
  count: number;
  hovered: boolean;
  focused: boolean;
  /** The visitor pressed Pause (and not Play since). */
  stopped: boolean;
}

export type CarouselAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'show'; index: number }
  | { type: 'hover'; on: boolean }
  | { type: 'focus'; on: boolean }
  | { type: 'stop'; on: boolean };

export function initialCarousel(count: number): CarouselState {
  return { index: 0, count, hovered: false, focused: false, stopped: false };
}

/** The slide after `index`, the first after the last. */
export function nextIndex(index: number, count: number): number {
  return count === 0 ? 0 : (index + 1) % count;
}

/** The slide before `index`, the last before the first. */
export function previousIndex(index: number, count: number): number {
  return count === 0 ? 0 : (index - 1 + count) % count;
}

export function carouselReducer(state: CarouselState, action: CarouselAction): CarouselState {
  switch (action.type) {
    case 'next':
      return { ...state, index: nextIndex(state.index, state.count) };
    case 'previous':
      return { ...state, index: previousIndex(state.index, state.count) };
    case 'show':
      return action.index >= 0 && action.index < state.count ? { ...state, index: action.index } : state;
    case 'hover':
      return { ...state, hovered: action.on };
    case 'focus':
      return { ...state, focused: action.on };
    case 'stop':
      return { ...state, stopped: action.on };
  }
}

/** Whether the carousel advances on its own right now. */
export function isRotating(state: CarouselState, reducedMotion: boolean): boolean {
  return state.count > 1 && !reducedMotion && !state.stopped && !state.hovered && !state.focused;
}
