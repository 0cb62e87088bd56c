import type { ToolResultBlock } from '@strands-agents/sdk';

/** Tool output as text (what a local model reads, and an error message); JSON stays JSON so it can be parsed back. */
export function toolResultText(block: ToolResultBlock): string {
  return block.content
    .map((item) => {
      if (item.type === 'textBlock') return item.text;
      if (item.type === 'jsonBlock') return JSON.stringify(item.json);
      return `[${item.type} omitted]`;
    })
    .join('\n');
}

/** The tool's output as the model received it: plain text stays text, JSON stays structured. */
export function resultValue(result: ToolResultBlock): unknown {
  const values = result.content.map((item) => {
    if (item.type === 'textBlock') return item.text;
    if (item.type === 'jsonBlock') return item.json;
    return `[${item.type}]`;
  });
  return values.length === 1 ? values[0] : values;
}
