// Ask Siza's words (spec 2), apart from the schemas so the sidebar button loads no zod.

export const SIZA_TEXTS = {
  button: 'Ask Siza',
  title: 'Ask Siza',
  subtitle: 'Your training assistant',
  greeting:
    'Hi, I am Siza. Ask me anything about your training modules: products, RICA, compliance, selling. I answer from the training content and show which modules I used.',
  placeholder: 'Type your question…',
  send: 'Send',
  clear: 'Clear',
  close: 'Close',
  thinking: 'Siza is looking through your training…',
  sourcesLabel: 'From your training:',
  clearTitle: 'Clear the conversation?',
  clearText: 'Your questions and Siza’s answers will be removed. This cannot be undone.',
  earlier: 'Show earlier messages',
} as const;
