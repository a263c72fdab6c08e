import type { LegalDocumentKind } from '@tokendesk/contract';

/**
 * The texts a fresh server ships with (issue 35): short, true of TokenDesk as built, and written so
 * that an operator can keep them or replace them (docs/operations.md: 'Terms of Service and Privacy Policy').
 * They speak of "the operator" because TokenDesk is self-hosted: whoever runs this server is the
 * other party, not the authors of the software.
 */
export const DEFAULT_LEGAL_TEXTS: Record<LegalDocumentKind, { title: string; text: string }> = {
  terms: {
    title: 'Terms of Service',
    text: `These terms apply to this TokenDesk server. TokenDesk is self-hosted software: the person or organisation that runs this server (the operator) provides the service to you, not the authors of TokenDesk.

# What the service does
TokenDesk reads public blockchain data about the token projects and pools you add: names, reserves, prices, swaps, liquidity changes and holders. It only reads from public networks. It holds no funds, creates no wallets and signs no transactions for you.

# Your account
Keep your password to yourself. You are responsible for what is done with your account. Do not use the service to break the law or to interfere with the service or other users.

# No advice, no guarantee
Figures come from the chain and from your own data, as read at the time shown. Nodes can be slow, wrong or unreachable, and the service can be interrupted. Nothing here is financial advice. The service is provided as is, without warranty, as far as the law allows.

# Changes and ending
The operator may change these terms or end the service. You may stop using it and ask the operator to delete your account at any time.

# Contact
Questions about these terms go to the operator of this server, or to its support staff through Support.`,
  },
  privacy: {
    title: 'Privacy Policy',
    text: `This policy describes what this TokenDesk server keeps about you. The operator of this server (the person or organisation that runs it) decides how it is run and is responsible for your data.

# What is stored
Your account: username, e-mail address, first and last name, and your password as a salted scrypt hash (never the password itself). Your sessions (a hash of each token and when it expires) and the network addresses you signed in from, to protect your account against password guessing. Your projects, pools, alerts, notifications, alert channels and support tickets.

# What is not
No advertising, no tracking and no analytics services. The web app stores your session token in your browser and nothing else about you.

# Who sees it
You, and the operator, who runs the server and its database. Support staff read the tickets you write and can see your username, e-mail address and name. Nothing is sold or shared with third parties. Public blockchain data is public: TokenDesk reads it from the networks' nodes, which see the requests the server makes.

# E-mail and webhooks
If e-mail is set up on this server, it sends you account links, alert e-mails and reports you ask for. Webhook and other alert channels send to the addresses you enter.

# Keeping and deleting
Your data stays until you or the operator delete it. Ask the operator or support staff to delete your account.

# Contact
Questions about your data go to the operator of this server, or to its support staff through Support.`,
  },
};
