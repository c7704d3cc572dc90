import FormatBoldRoundedIcon from '@mui/icons-material/FormatBoldRounded';
import FormatItalicRoundedIcon from '@mui/icons-material/FormatItalicRounded';
import FormatListBulletedRoundedIcon from '@mui/icons-material/FormatListBulletedRounded';
import LinkRoundedIcon from '@mui/icons-material/LinkRounded';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import Placeholder from '@tiptap/extension-placeholder';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

export interface RichTextFieldProps {
  id?: string;
  label: string;
  /** HTML; '' when nothing is written. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** Plain text shown while the field is empty. */
  placeholder?: string;
  error?: boolean;
  helperText?: string | undefined;
}

/** An empty document is '<p></p>' to the editor, and '' to a form that asks "was anything written?". */
const htmlOf = (isEmpty: boolean, html: string) => (isEmpty ? '' : html);

/**
 * The editor itself, loaded on demand by RichTextField: ProseMirror is about as big as the rest
 * of a page, and only the pages that write formatted text need it. What it produces is HTML with
 * the few marks the toolbar offers; the server cleans every description again before storing it.
 */
export default function RichTextEditor({
  id,
  label,
  value,
  onChange,
  onBlur,
  placeholder,
  error,
  describedBy,
}: RichTextFieldProps & { describedBy?: string }) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        codeBlock: false,
        code: false,
        blockquote: false,
        horizontalRule: false,
        strike: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(error ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(htmlOf(current.isEmpty, current.getHTML())),
    onBlur: () => onBlur?.(),
  });

  // A value set from outside (a form reset) replaces the document; typing does not come back here.
  // Under StrictMode the first editor is destroyed and replaced while this effect may still run for
  // it; a destroyed editor has no schema to serialise.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (value !== htmlOf(editor.isEmpty, editor.getHTML())) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });

  const toggleLink = () => {
    if (!editor) return;
    if (editor.isActive('link')) {
      editor.chain().focus().unsetLink().run();
      return;
    }
    const href = window.prompt('Link address', 'https://');
    if (href && href !== 'https://') editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
  };

  const tools = [
    {
      key: 'bold',
      label: 'Bold',
      icon: <FormatBoldRoundedIcon fontSize="small" />,
      run: () => editor?.chain().focus().toggleBold().run(),
    },
    {
      key: 'italic',
      label: 'Italic',
      icon: <FormatItalicRoundedIcon fontSize="small" />,
      run: () => editor?.chain().focus().toggleItalic().run(),
    },
    {
      key: 'bulletList',
      label: 'Bullet list',
      icon: <FormatListBulletedRoundedIcon fontSize="small" />,
      run: () => editor?.chain().focus().toggleBulletList().run(),
    },
    { key: 'link', label: 'Link', icon: <LinkRoundedIcon fontSize="small" />, run: toggleLink },
  ] as const;

  return (
    <Box
      sx={{
        border: 1,
        borderColor: error ? 'error.main' : 'divider',
        borderRadius: 1,
        '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: 1 },
      }}
    >
      <Box
        role="toolbar"
        aria-label={`${label} formatting`}
        sx={{ display: 'flex', gap: 0.5, p: 0.5, borderBottom: 1, borderColor: 'divider' }}
      >
        {tools.map((tool) => (
          <Tooltip key={tool.key} title={tool.label}>
            <ToggleButton
              value={tool.key}
              size="small"
              aria-label={tool.label}
              selected={active?.[tool.key] ?? false}
              onChange={tool.run}
              sx={{ border: 0 }}
            >
              {tool.icon}
            </ToggleButton>
          </Tooltip>
        ))}
      </Box>
      <Box
        sx={{
          '& .tiptap': { minHeight: 120, px: 1.5, py: 1, outline: 'none', typography: 'body1' },
          '& .tiptap p': { my: 0.5 },
          '& .tiptap ul': { my: 0.5, pl: 3 },
          '& .tiptap a': { color: 'primary.main' },
          // The placeholder is drawn from an attribute, so it is plain text, never markup.
          '& .tiptap p.is-editor-empty:first-of-type::before': {
            content: 'attr(data-placeholder)',
            color: 'text.disabled',
            float: 'left',
            height: 0,
            pointerEvents: 'none',
          },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
