import { Fragment } from 'react';
import { inlineSegments, paragraphs } from './rich-text';
import type { TextSegment } from './rich-text';

function Segments({ segments }: { segments: TextSegment[] }) {
  return segments.map((segment, index) => (
    <Fragment key={index}>
      {segment.kind === 'code' ? (
        <code>{segment.text}</code>
      ) : segment.kind === 'strong' ? (
        <strong>{segment.text}</strong>
      ) : (
        segment.text
      )}
    </Fragment>
  ));
}

/** A short description with **strong** and `code` runs, inside a line. */
export function InlineText({ text }: { text: string }) {
  return <Segments segments={inlineSegments(text.replace(/\s*\n\s*/g, ' '))} />;
}

/** A longer description as paragraphs. */
export function RichText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className}>
      {paragraphs(text).map((segments, index) => (
        <p key={index}>
          <Segments segments={segments} />
        </p>
      ))}
    </div>
  );
}
