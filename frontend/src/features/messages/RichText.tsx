import { Fragment } from 'react';
import { parseMessage, type Inline } from './rich-text';
import styles from './RichText.module.css';

function InlineNodes({ nodes }: { nodes: Inline[] }) {
  return nodes.map((node, i) => {
    switch (node.kind) {
      case 'text':
        return <Fragment key={i}>{node.text}</Fragment>;
      case 'link':
        return (
          <a key={i} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {node.text}
          </a>
        );
      case 'strong':
        return (
          <strong key={i}>
            <InlineNodes nodes={node.children} />
          </strong>
        );
      case 'em':
        return (
          <em key={i}>
            <InlineNodes nodes={node.children} />
          </em>
        );
    }
  });
}

/** A message's text with its light formatting, as React elements (never as HTML). */
export function RichText({ body }: { body: string }) {
  return (
    <div className={styles.text}>
      {parseMessage(body).map((block, i) => {
        if (block.kind === 'paragraph')
          return (
            <p key={i}>
              {block.lines.map((line, j) => (
                <Fragment key={j}>
                  {j > 0 && <br />}
                  <InlineNodes nodes={line} />
                </Fragment>
              ))}
            </p>
          );
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List key={i}>
            {block.items.map((item, j) => (
              <li key={j}>
                <InlineNodes nodes={item} />
              </li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
