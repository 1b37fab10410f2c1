#pragma once

#include <QStringList>
#include <QTextStream>

namespace cw::cli {

// A table for text output, each column as wide as its widest cell among the
// rows shown (header included), two spaces apart; the last column is not
// padded. Cells are stored values: they are escaped (TextEscape.h) before
// they are measured, so a cell is measured as it prints and can never
// break its row.
class TextTable
{
public:
    explicit TextTable(QStringList header);

    void addRow(const QStringList &cells);
    void print(QTextStream &out) const;

    // Columns a text takes on a terminal: one per character (code point),
    // none for combining marks and zero-width characters, two for East
    // Asian wide and fullwidth ones.
    static qsizetype width(const QString &text);

private:
    QList<QStringList> m_rows; // header first, all escaped
    QList<qsizetype> m_widths;
};

} // namespace cw::cli
