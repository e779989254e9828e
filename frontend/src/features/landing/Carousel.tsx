import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useEffect, useId, useReducer } from 'react';
import type { FocusEvent } from 'react';
import { useReducedMotion } from '../../ui/use-reduced-motion';
import { CAROUSEL_INTERVAL_MS, carouselReducer, initialCarousel, isRotating } from './carousel';
import type { Slide } from './content';
import styles from './Carousel.module.css';

/**
 * The product tour (WAI-ARIA carousel pattern): previous and next wrap, a dot per slide, and a
 * Pause button (WCAG 2.2.2) besides the pauses carousel.ts decides. Slides out of view are inert.
 */
export function Carousel({ title, slides }: { title: string; slides: readonly Slide[] }) {
  const titleId = useId();
  const [state, dispatch] = useReducer(carouselReducer, slides.length, initialCarousel);
  const reducedMotion = useReducedMotion();
  const rotating = isRotating(state, reducedMotion);

  // Keyed on the index too: after any change of slide, the next one waits a full interval.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => dispatch({ type: 'next' }), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, state.index]);

  // Only keyboard focus holds it: a mouse click focuses a button too, and the pointer already pauses it.
  function onFocus(event: FocusEvent<HTMLElement>) {
    dispatch({ type: 'focus', on: event.target.matches(':focus-visible') });
  }
  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) dispatch({ type: 'focus', on: false });
  }

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-labelledby={titleId}
      onMouseEnter={() => dispatch({ type: 'hover', on: true })}
      onMouseLeave={() => dispatch({ type: 'hover', on: false })}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <h2 id={titleId} className="sr-only">
        {title}
      </h2>
      <div className={styles.viewport}>
        <div
          className={styles.track}
          aria-live={rotating ? 'off' : 'polite'}
          style={{ transform: `translateX(-${state.index * 100}%)` }}
        >
          {slides.map((slide, i) => (
            <div
              key={slide.title}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              aria-hidden={i !== state.index}
              inert={i !== state.index}
            >
              <img src={slide.image} alt={slide.alt} width={960} height={600} />
              <div className={styles.caption}>
                <h3>{slide.title}</h3>
                <p>{slide.text}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className={styles.controls}>
        <ControlButton
          label={state.stopped ? 'Play the slides' : 'Pause the slides'}
          icon={state.stopped ? Play : Pause}
          onClick={() => dispatch({ type: 'stop', on: !state.stopped })}
        />
        <ControlButton label="Previous slide" icon={ChevronLeft} onClick={() => dispatch({ type: 'previous' })} />
        <div className={styles.dots} role="group" aria-label="Slides">
          {slides.map((slide, i) => (
            <button
              key={slide.title}
              type="button"
              className={styles.dot}
              aria-label={`Slide ${i + 1}: ${slide.title}`}
              aria-current={i === state.index ? 'true' : undefined}
              onClick={() => dispatch({ type: 'show', index: i })}
            />
          ))}
        </div>
        <ControlButton label="Next slide" icon={ChevronRight} onClick={() => dispatch({ type: 'next' })} />
      </div>
    </section>
  );
}

/** A round control under the slides, named by its label. */
function ControlButton({ label, icon: Icon, onClick }: { label: string; icon: LucideIcon; onClick: () => void }) {
  return (
    <button type="button" className={styles.button} aria-label={label} onClick={onClick}>
      <Icon size={16} aria-hidden />
    </button>
  );
}
