/** A static picture of a Slack exchange with Tomo, drawn with HTML so it paints with the page. */
export function ChatPreview({ copy }: { copy: { label: string; channel: string; question: string; answer: string } }) {
  return (
    <figure className="chat-preview">
      <figcaption className="visually-hidden">{copy.label}</figcaption>
      <div className="chat-channel" aria-hidden="true">
        {copy.channel}
      </div>
      <div className="chat-message">
        <span className="chat-avatar chat-avatar-user" aria-hidden="true">
          M
        </span>
        <div>
          <p className="chat-author">Mei</p>
          <p>{copy.question}</p>
        </div>
      </div>
      <div className="chat-message">
        <span className="chat-avatar chat-avatar-bot" aria-hidden="true">
          T
        </span>
        <div>
          <p className="chat-author">Tomo</p>
          <p>{copy.answer}</p>
        </div>
      </div>
    </figure>
  );
}
