/**
 * Which signed-in user holds each MQTT client id. In MQTT a new connection with a client
 * id in use takes it over: the broker closes the older one. Client ids are no secret (a
 * browser's shows in its storage and its traffic), so without this anyone could keep a
 * signed-in user's client cut off. Only the same user may take over a signed-in client's
 * id; an anonymous client's id is anyone's to take, as it carries nothing private.
 */
export class ClientIdOwners<C extends { readonly closed: boolean }> {
  private readonly owners = new Map<string, { client: C; userId: string }>();

  /**
   * Called once a connecting client is authenticated (`userId` null: anonymous). False
   * means the id belongs to a connected client of another user: refuse the newcomer.
   */
  claim(id: string, client: C, userId: string | null): boolean {
    const owner = this.owners.get(id);
    const held = owner !== undefined && owner.client !== client && !owner.client.closed;
    if (held && owner.userId !== userId) return false;
    if (userId !== null) this.owners.set(id, { client, userId });
    else if (owner) this.owners.delete(id);
    return true;
  }

  /** The client's connection closed: its id is free, unless a newer client already holds it. */
  release(id: string | null, client: C): void {
    if (id !== null && this.owners.get(id)?.client === client) this.owners.delete(id);
  }
}
