-- GAIA Agent UI database layout (gaia_chat.db) as a fresh install creates it, then migrates
-- (columns that migration appends come last). Used by `intake demo` to build its synthetic DB.
CREATE TABLE documents (
    id TEXT PRIMARY KEY, filename TEXT NOT NULL, filepath TEXT NOT NULL,
    file_hash TEXT UNIQUE NOT NULL, file_size INTEGER DEFAULT 0, chunk_count INTEGER DEFAULT 0,
    indexed_at TEXT DEFAULT (datetime('now')), last_accessed_at TEXT, last_error TEXT);
CREATE TABLE sessions (
    id TEXT PRIMARY KEY, title TEXT NOT NULL DEFAULT 'New Chat',
    created_at TEXT DEFAULT (datetime('now')), updated_at TEXT DEFAULT (datetime('now')),
    model TEXT NOT NULL DEFAULT 'Gemma-4-E4B-it-GGUF', system_prompt TEXT,
    device TEXT DEFAULT 'gpu', mail_provider TEXT, title_is_custom INTEGER NOT NULL DEFAULT 0);
CREATE TABLE session_documents (
    session_id TEXT REFERENCES sessions(id) ON DELETE CASCADE,
    document_id TEXT REFERENCES documents(id) ON DELETE CASCADE,
    attached_at TEXT DEFAULT (datetime('now')), PRIMARY KEY (session_id, document_id));
CREATE TABLE messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id TEXT REFERENCES sessions(id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK(role IN ('user','assistant','system')),
    content TEXT NOT NULL, created_at TEXT DEFAULT (datetime('now')),
    rag_sources TEXT, agent_steps TEXT, tokens_prompt INTEGER, tokens_completion INTEGER);
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE INDEX idx_messages_session ON messages(session_id, created_at);
CREATE INDEX idx_documents_hash ON documents(file_hash);
CREATE INDEX idx_session_docs ON session_documents(session_id);
ALTER TABLE messages ADD COLUMN inference_stats TEXT;
ALTER TABLE documents ADD COLUMN indexing_status TEXT DEFAULT 'complete';
ALTER TABLE documents ADD COLUMN file_mtime REAL;
ALTER TABLE sessions ADD COLUMN private INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN agent_type TEXT DEFAULT 'chat';
