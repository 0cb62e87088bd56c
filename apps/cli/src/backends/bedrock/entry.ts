import { DEFAULT_BEDROCK_AGENT_MODEL, DEFAULT_BEDROCK_JUDGE_MODEL } from '@evalpacks/models/defaults';
import { z } from 'zod';
import { defineBackend } from '../backend-entry.ts';

/** Amazon Bedrock's Converse API through the AWS SDK; credentials from the standard AWS chain only. */
export const bedrock = defineBackend({
  name: 'bedrock',
  flags: [
    {
      key: 'region',
      flags: '--region <name>',
      help: 'AWS region for Bedrock',
      default: '$AWS_REGION, the profile, or us-east-1',
    },
    {
      key: 'profile',
      flags: '--profile <name>',
      help: 'AWS profile for Bedrock credentials',
      default: 'the standard AWS chain',
    },
    {
      key: 'bedrockEndpoint',
      flags: '--bedrock-endpoint <url>',
      help: 'Bedrock Runtime endpoint, e.g. a VPC endpoint',
      default: "the region's public one",
    },
  ],
  options: z.object({
    region: z.string().min(1).optional(),
    profile: z.string().min(1).optional(),
    bedrockEndpoint: z
      .url({ protocol: /^https?$/, error: '--bedrock-endpoint must be an http:// or https:// URL' })
      // SigV4 or an API key owns the Authorization header; a password in the URL could only leak.
      .refine((url) => !/^[a-z]+:\/\/[^/?#]*@/i.test(url), {
        error:
          '--bedrock-endpoint must not carry user:password@; Bedrock authenticates with AWS credentials ' +
          '(--profile, the AWS chain or AWS_BEARER_TOKEN_BEDROCK)',
      })
      .optional(),
  }),
  defaults: {
    agent: DEFAULT_BEDROCK_AGENT_MODEL,
    agentLabel: 'Claude Sonnet 4.5',
    judge: DEFAULT_BEDROCK_JUDGE_MODEL,
    judgeLabel: 'Claude Haiku 4.5',
  },
  connect: async (request) => (await import('./connect.ts')).connectBedrock(request),
});
