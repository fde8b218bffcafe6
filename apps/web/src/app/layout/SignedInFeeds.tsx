import { MarginWarnings } from '../../features/margin/index.ts';
import { UserFeed } from '../../features/spot/index.ts';

/**
 * What the layout keeps running for a signed-in session and nothing else: the user socket
 * (fills, balances) and the margin warnings. In a chunk of its own, loaded by the layout
 * only while there is a session, so a visitor's first visit carries neither them nor the
 * contract schemas they read (the socket messages, the margin and spot calls).
 */
export default function SignedInFeeds() {
  return (
    <>
      <UserFeed />
      <MarginWarnings />
    </>
  );
}
