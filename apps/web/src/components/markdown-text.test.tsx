import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownText } from './markdown-text';

// The supplier's instructions (agent_assist_text) are admin-written Markdown: formatted, never run.

describe('MarkdownText', () => {
  it('formats bold, lists and safe links', () => {
    const { container } = render(
      <MarkdownText
        source={'**Before you log a ticket**\n\n- have the number\n- see [the portal](https://example.com)'}
      />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('Before you log a ticket');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'the portal' }).getAttribute('href')).toBe('https://example.com');
  });

  it('shows HTML and script addresses as text', () => {
    const { container } = render(
      <MarkdownText source={'<img src=x onerror="alert(1)"> [click](javascript:alert(1)) <script>alert(2)</script>'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
  });
});
