#pragma once

#include <QString>

class QPalette;
class QPlainTextEdit;

namespace cw {

// Highlights a proof record by its content type (sql, json, yaml, markdown,
// log) with KSyntaxHighlighting in the palette's light or dark theme when the
// build has it (CW_HAVE_SYNTAX_HIGHLIGHTING); otherwise the text stays plain
// monospace. Either way the text is only displayed, never interpreted.
namespace ProofHighlighting {

bool available();
// The KSyntaxHighlighting definition name for a content type ("SQL", "JSON", ...).
QString definitionName(const QString &contentType);
void apply(QPlainTextEdit *editor, const QString &contentType);

} // namespace ProofHighlighting
} // namespace cw
