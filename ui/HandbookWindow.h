#pragma once

#include <QWidget>

class QListWidget;
class QTextBrowser;

namespace cw {

// Help › Handbook (F1): the handbook, Markdown kept in the resources
// (resources/handbook/handbook.md), rendered by QTextBrowser beside a list
// of its headings. A window of its own, not modal: it stays open beside the
// work it explains.
class HandbookWindow : public QWidget
{
    Q_OBJECT

public:
    static constexpr const char *Resource = ":/cw/handbook/handbook.md";

    explicit HandbookWindow(QWidget *parent = nullptr);

    QTextBrowser *browser() const { return m_browser; }
    // The handbook's headings, in order (the contents list shows them).
    QStringList headings() const;

private:
    void fillContents();
    void goToHeading(int index);

    QTextBrowser *m_browser = nullptr;
    QListWidget *m_contents = nullptr;
    QList<int> m_positions;
};

} // namespace cw
